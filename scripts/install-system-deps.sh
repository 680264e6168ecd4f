#!/usr/bin/env bash
# Installs the Debian packages Ludivox needs (speech synthesis, audio, echo cancellation,
# NFC over USB).
# Idempotent: does nothing when every package is already there.
set -euo pipefail
PACKAGES=(espeak-ng libespeak-ng1 libportaudio2 pulseaudio pulseaudio-utils
          libasound2-plugins alsa-utils libusb-1.0-0 sox libspeexdsp1)
if ! python3 -m venv --help >/dev/null 2>&1; then PACKAGES+=(python3-venv); fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "Installing system packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
