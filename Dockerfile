# syntax=docker/dockerfile:1
# Base images are fully qualified and pinned by version: the Swift 6.3.1 toolchain on Debian 12 (bookworm,
# glibc 2.36) builds, Debian 12 slim runs — the same release, so the shared libraries the binary was linked
# against are the ones the runtime packages install. Bump both tags together (and the toolchain the project
# builds with); `scripts/container-check` compares them with the machine it runs on. See docs/docker.md.
# Build stage: the Swift toolchain and the -dev libraries the C modules link (SQLite, OpenSSL, zlib).
FROM docker.io/library/swift:6.3.1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-dev libssl-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# PackKit, a package of its own the root depends on by path (its wire target: one client for `verify`).
COPY PackKit ./PackKit
# SwiftPM loads every target before building one product, so the test and benchmark targets' folders come
# too (nothing of them is built or shipped).
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
# The Swift runtime and Foundation are linked statically, so the runtime image needs no toolchain.
RUN swift build -c release --static-swift-stdlib --product packserve \
    && install -D "$(swift build -c release --show-bin-path)/packserve" /out/packserve

# Runtime stage: only the shared libraries the binary links, a non-root user, data on a volume.
# (`scripts/container-check` runs this stage's binary, packages, environment and HEALTHCHECK without Docker.)
FROM docker.io/library/debian:12.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-0 libssl3 zlib1g ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /srv/packserve --create-home packserve
COPY --from=build /out/packserve /usr/local/bin/packserve
COPY config.json /etc/packserve/config.json
COPY Public /srv/packserve/Public
# Paths in config.json are relative to the config file; point them at the image's locations.
# The image publishes no sample catalog (config.json's development default is overridden); TLS material
# (generated on first start unless mounted) lives on the data volume, which the non-root user can write.
ENV PACKSERVE_CONFIG=/etc/packserve/config.json \
    PACKSERVE_DATADIRECTORY=/data \
    PACKSERVE_PUBLICDIRECTORY=/srv/packserve/Public \
    PACKSERVE_SIGNING_PRIVATEKEY=/data/keys/manifest-signing.key \
    PACKSERVE_SAMPLECATALOG=false \
    PACKSERVE_TLS_CERTIFICATE=/data/tls/server.pem \
    PACKSERVE_TLS_PRIVATEKEY=/data/tls/server.key
RUN mkdir -p /data && chown packserve /data
VOLUME ["/data"]
USER packserve
EXPOSE 8080 8443
# /healthz answers whatever the Host (docs/http.md "At a glance", Probes), so this works with any allowedHosts.
# `packserve healthcheck` probes the port the configuration names (config.json, then PACKSERVE_LISTEN_PORT),
# so moving the port does not leave the probe on the old one.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s \
    CMD packserve healthcheck --timeout 2 || exit 1
ENTRYPOINT ["packserve"]
CMD ["serve"]
