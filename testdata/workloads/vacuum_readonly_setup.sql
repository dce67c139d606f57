-- Tables of vacuum_readonly (see vacuum_readonly.sql): those of vacuum_concurrent.
\ir vacuum_concurrent_setup.sql
