"""The conversation core: the session, the binding contract, the match, the journal, the
players' settings and the inputs and outputs. No device and no game name here: games come
in through :mod:`ludivox.bindings`, devices through :mod:`ludivox.shell`."""
