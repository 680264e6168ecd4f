#!/usr/bin/env bash
# Runs a command with a PulseAudio null sink as the default speaker and microphone, so that the
# real sounddevice path works on machines without a sound card (tests, CI). If a PulseAudio
# server already answers, it is reused untouched.
set -euo pipefail
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp/xdg-runtime-$(id -u)}"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
if ! pactl info >/dev/null 2>&1; then
  pulseaudio --daemonize=yes --exit-idle-time=-1 -n --load=module-native-protocol-unix \
    --load="module-null-sink sink_name=vsink rate=16000 channels=1" >/dev/null 2>&1 || true
  for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
  pactl set-default-sink vsink >/dev/null 2>&1 || true
  pactl set-default-source vsink.monitor >/dev/null 2>&1 || true
fi
exec "$@"
