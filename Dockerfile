# Fieldcraft: one image serving the web app and the API from one Node process.
FROM node:22.16.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build -p api web --skip-nx-cache

FROM node:22.16.0-bookworm-slim
# Speech: flite / espeak-ng synthesis, pocketsphinx recognition (run as separate programs).
RUN apt-get update \
  && apt-get install -y --no-install-recommends flite espeak-ng pocketsphinx pocketsphinx-en-us python3 python3-pocketsphinx sox \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data WEB_DIST_DIR=/app/dist/apps/web
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts
COPY --from=build /app/dist ./dist
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "dist/apps/api/main.mjs"]
