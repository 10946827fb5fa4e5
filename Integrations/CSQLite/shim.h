// The SQLite C API for the SQLite integration: the system library on Linux (libsqlite3-dev),
// the SDK's libsqlite3 on Apple platforms. Only the SQLiteIntegration target may import it.
#include <sqlite3.h>
