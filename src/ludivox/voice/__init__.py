"""Voice input and output behind small protocols, with real adapters.

- :mod:`~ludivox.voice.speaker`: ``Speaker`` (``VoiceSpeaker``, ``TextSpeaker``,
  ``open_speaker``), what the table talks to;
- :mod:`~ludivox.voice.tts`: ``Synthesizer`` / ``EspeakSynthesizer`` (pyttsx3 over espeak-ng);
- :mod:`~ludivox.voice.playback`: ``AudioSink`` / ``SoundDeviceSink`` (interruptible);
- :mod:`~ludivox.voice.recognizer`: ``Recognizer`` / ``VoskRecognizer`` and ``VoskModel``;
- :mod:`~ludivox.voice.audio`: ``Pcm``, WAV helpers, ``wav_to_chunks``;
- :mod:`~ludivox.voice.earcons`: short tones.

Third-party types (pyttsx3, sounddevice, Vosk JSON) never leave their adapter module.
Player-facing text does not live here: callers pass it in.
"""
