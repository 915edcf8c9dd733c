#!/bin/sh
# fetch-e2fsprogs-corpus.sh DIR: put e2fsprogs' own test images
# (tests/f_*/image.gz: mostly damaged filesystems that e2fsck must repair)
# under DIR, from Debian's source package.  Uses a private apt source list
# and state directory, so the system's apt configuration is not touched.
# Idempotent: does nothing when DIR already has the images.
set -eu
dir=$1
[ -f "$dir/.done" ] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$dir"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"http://deb.debian.org/debian bookworm main" > "$work/src.list"
apt_opts="-o Dir::Etc::SourceList=$work/src.list -o Dir::Etc::SourceParts=/dev/null
	-o Dir::State::Lists=$work/lists -o Debug::NoLocking=1 -o APT::Sandbox::User=root
	-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache="
# shellcheck disable=SC2086
apt-get $apt_opts update -qq
# shellcheck disable=SC2086
(cd "$work" && apt-get $apt_opts source --download-only -qq e2fsprogs)
tar -xzf "$work"/e2fsprogs_*.orig.tar.gz -C "$work" --wildcards '*/tests/f_*/image.gz'
for img in "$work"/e2fsprogs-*/tests/f_*/image.gz; do
	name=$(basename "$(dirname "$img")")
	cp "$img" "$dir/$name.img.gz"
done
touch "$dir/.done"
