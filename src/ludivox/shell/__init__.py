"""The imperative shell: devices and threads around the conversation core.

The console (``console``: keyboard and microphone in, speech or text out), the keyboard
reader (``keyboard``), the microphone (``microphone``), recorded speech replayed as a
microphone (``wav_replay``), the card reader (``card_reader``), input sources (``sources``),
launching a game from the command line (``launch``), script mode for testers (``script``)
and the deck tagging loop (``tagging``). Everything here turns what a device perceives into
the core's inputs and its outputs into sound or text; the rules of a game are never here.
"""
