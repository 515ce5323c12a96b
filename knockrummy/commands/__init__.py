"""The command line's commands: each module is one command (``knockrummy sim``, ``ledger``,
``replay``, ``review``, ``verify``, ``demo``) with its ``add_arguments`` and ``run``; ``cli``
holds what they share (the command table, the parsers' common options)."""
