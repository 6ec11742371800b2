#ifndef RLS_CLIBPQ_SHIM_H
#define RLS_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
