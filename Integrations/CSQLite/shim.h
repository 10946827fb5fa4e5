// The SQLite C API for the SQLite integration: the system library on Linux (libsqlite3-dev),
// the SDK's libsqlite3 on Apple platforms. Only the SQLiteIntegration target may import it.
#include <sqlite3.h>

// Swift does not import C variadic functions such as sqlite3_db_config; these wrappers fix the
// arguments of the calls the integration makes.

/// Turns SQLite's checkpoint when the last connection to a WAL database closes on (1) or off (0).
static inline int csqlite_set_checkpoint_on_close(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, (int *)0);
}
