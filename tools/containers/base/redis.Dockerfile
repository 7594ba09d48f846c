# Redis 7 from Debian bookworm's package, for machines without an image registry
# (tools/containers/base-images.sh). Used like Docker Hub's redis:7: data in /data.
FROM quarry/debian:bookworm
RUN apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
  && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
EXPOSE 6379
CMD ["redis-server", "--dir", "/data"]
