# Stands in for Docker Hub's node:20-bookworm-slim where no registry is reachable
# (tools/containers/base-images.sh): Debian bookworm, Node 20 and npm in /usr/local, user node (1000),
# and the host's certificate authorities, which Node adds to its own.
FROM quarry/debian:bookworm
# ADD unpacks node.tar (usr/local/bin/node, npm, the CA bundle), so no archive stays in a layer.
ADD node.tar /
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
CMD ["node"]
