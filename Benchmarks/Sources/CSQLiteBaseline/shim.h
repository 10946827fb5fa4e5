// The SQLite C API, for the baseline the SQLite integration is measured against: the raw C calls
// doing the same SQL in the same run. Its own module, so this package never reaches into the
// integration's CSQLite.
#include <sqlite3.h>
