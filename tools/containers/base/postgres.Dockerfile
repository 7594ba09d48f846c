# PostgreSQL 15 from Debian bookworm's packages, for machines without an image registry
# (tools/containers/base-images.sh). Used like Docker Hub's postgres images: POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB create the first cluster in PGDATA; arguments go to postgres.
FROM quarry/debian:bookworm
RUN apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-common >/dev/null \
  && echo 'create_main_cluster = false' >> /etc/postgresql-common/createcluster.conf \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
  && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
  && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
USER postgres
# SIGINT is PostgreSQL's fast shutdown; its SIGTERM waits for every client to disconnect.
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["postgres-entrypoint.sh"]
CMD ["postgres"]
