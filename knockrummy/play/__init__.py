"""Playing a table: who sits where, the stream of what happens, and the sources a table
is fed by (on this machine, or through JSON messages)."""
