#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs Pinhole for the desktop: a release build, its desktop entry (with Photo and Video
# actions), the icon in the hicolor sizes, AppStream metainfo, the translations (po/*.po,
# compiled into share/locale) and a man page made from `pinhole --help`. Every file it writes is listed in a manifest, which --uninstall follows.
#
#   Assets/install.sh [--prefix DIR]      install under DIR (default ~/.local)
#   Assets/install.sh --uninstall [--prefix DIR]
#
# For packagers and tests: --destdir DIR stages the files under DIR as if it were /, and
# --binary FILE installs FILE instead of building one.
# Needs help2man, msgfmt and rsvg-convert (or ImageMagick's convert): `.ci/setup` installs them.
set -euo pipefail
cd "$(dirname "$0")/.."

id=io.github.pinhole.Pinhole
prefix="$HOME/.local"
destdir="" binary="" uninstall=false
while (($#)); do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) destdir=${2:?--destdir needs a folder}; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --binary) binary=${2:?--binary needs a file}; shift 2 ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) sed -n '3,12p' "$0" | cut -c3-; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$prefix" == /* ]] || { echo "install.sh: --prefix must be an absolute path" >&2; exit 2; }
prefix=${prefix%/}
# The desktop entry quotes the program's path; these characters would need escaping there.
[[ "$prefix" != *[\"\`\$\\]* ]] || { echo "install.sh: the prefix holds \" \` \$ or \\" >&2; exit 2; }
root="$destdir$prefix"
manifest_name="share/pinhole/install-manifest.txt"
manifest="$root/$manifest_name"

if $uninstall; then
  [[ -f "$manifest" ]] || { echo "install.sh: nothing installed under $prefix (no $manifest_name)" >&2; exit 1; }
  # Files first, then the folders the install made, deepest first, when they are empty.
  while read -r kind path; do
    [[ "$path" == "$prefix"/* ]] || { echo "install.sh: skipping '$path', outside $prefix" >&2; continue; }
    [[ "$kind" == file ]] && rm -f -- "$destdir$path"
  done <"$manifest"
  made=$(grep '^dir ' "$manifest.dirs" 2>/dev/null | cut -c5- | sort -r || true)
  rm -f -- "$manifest" "$manifest.dirs"
  rmdir -- "$root/share/pinhole" 2>/dev/null || true
  while read -r path; do
    [[ -n "$path" && ( "$path" == "$prefix" || "$path" == "$prefix"/* ) ]] && rmdir -- "$destdir$path" 2>/dev/null || true
  done <<<"$made"
  echo "Pinhole removed from $prefix"
  exit 0
fi

for tool in help2man gzip msgfmt; do
  command -v "$tool" >/dev/null || { echo "install.sh: $tool is missing (.ci/setup installs it)" >&2; exit 1; }
done
if command -v rsvg-convert >/dev/null; then
  render() { rsvg-convert -w "$1" -h "$1" -o "$3" "$2"; }
elif command -v convert >/dev/null; then
  render() { convert -background none -density 384 "$2" -resize "$1x$1" "$3"; }
else
  echo "install.sh: rsvg-convert or ImageMagick is needed for the icons (.ci/setup installs it)" >&2
  exit 1
fi

if [[ -z "$binary" ]]; then
  swift build -c release --product pinhole 2>&1 | { grep -v "prohibited flag" || true; }
  binary="$(swift build -c release --show-bin-path)/pinhole"
fi
[[ -x "$binary" ]] || { echo "install.sh: no program at $binary" >&2; exit 1; }

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
files=() dirs=()
# put SOURCE DEST MODE: installs one file under the prefix and notes it (and any new folder).
put() {
  local target="$root/$2" folder
  folder=$(dirname "$target")
  while [[ ! -d "$folder" ]]; do dirs+=("${folder#"$destdir"}"); folder=$(dirname "$folder"); done
  install -D -m "$3" "$1" "$target"
  files+=("$prefix/$2")
}

put "$binary" bin/pinhole 755
put Assets/pinhole.svg share/pinhole/pinhole.svg 644
put Assets/shutter.wav share/pinhole/shutter.wav 644

sed -e "s|^Exec=pinhole|Exec=\"$prefix/bin/pinhole\"|" Assets/pinhole.desktop >"$staging/$id.desktop"
put "$staging/$id.desktop" "share/applications/$id.desktop" 644
put Assets/$id.metainfo.xml "share/metainfo/$id.metainfo.xml" 644

put Assets/pinhole.svg "share/icons/hicolor/scalable/apps/$id.svg" 644
for size in 16 22 24 32 48 64 128 256 512; do
  render "$size" Assets/pinhole.svg "$staging/$size.png"
  put "$staging/$size.png" "share/icons/hicolor/${size}x${size}/apps/$id.png" 644
done

# One catalog per po/LANG.po, checked by msgfmt, where the program looks: PREFIX/share/locale.
po/compile "$staging/locale"
for mo in "$staging"/locale/*/LC_MESSAGES/pinhole.mo; do
  put "$mo" "share/locale/${mo#"$staging/locale/"}" 644
done

# The man page stays English: LANGUAGE would otherwise pick a translation of --help.
LANGUAGE= help2man --locale=C.UTF-8 --no-info --no-discard-stderr --section=1 \
  --name="a camera for the Linux desktop" --output="$staging/pinhole.1" "$binary"
gzip -9n "$staging/pinhole.1"
put "$staging/pinhole.1.gz" share/man/man1/pinhole.1.gz 644

mkdir -p "$(dirname "$manifest")"
printf 'file %s\n' "${files[@]}" "$prefix/$manifest_name" >"$manifest"
((${#dirs[@]} == 0)) || printf 'dir %s\n' "${dirs[@]}" >>"$manifest.dirs"
echo "Pinhole installed under $prefix (${#files[@]} files; Assets/install.sh --uninstall removes them)"
[[ -n "$destdir" ]] || case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "Note: $prefix/bin is not on PATH; the application menu finds Pinhole anyway." ;;
esac
