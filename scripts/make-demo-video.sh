#!/bin/sh
# The demo site's short video (demo/site/src/assets/warm-up.webm, issue 16 item 3): 4 seconds of
# ffmpeg's test pattern, 320x180 at 15 frames a second, VP9 in WebM (Chromium plays it), no sound,
# about 57 KB. Generated, not filmed: run this to make it again (Debian: apt-get install ffmpeg).
# Its chapters are demo/site/src/assets/warm-up-chapters.vtt.
set -eu
out="$(dirname "$0")/../demo/site/src/assets/warm-up.webm"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=4" \
  -c:v libvpx-vp9 -b:v 150k -deadline good -pix_fmt yuv420p -an \
  -bitexact -fflags +bitexact \
  "$out"
ls -l "$out"
