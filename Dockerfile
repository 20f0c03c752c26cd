# One image for both processes: the API (default command) and the worker (`node dist/worker.js`); the
# operator CLI is `node dist/cli/main.js`.
# Node: the current LTS (26). The code also runs on Node 20.19 and later, which the tests run on; build
# on another line with --build-arg NODE_VERSION=24, say.
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
# The workspaces' manifests first, which the lock file names, so that dependencies are a cached layer.
COPY package.json package-lock.json ./
COPY client/package.json ./client/
COPY console/package.json ./console/
# Of the root's devDependencies, only what `npm run build` needs: TypeScript and the packages whose types
# src/ imports. The test, lint and benchmark tools and the embedded PostgreSQL binaries stay out; the
# workspaces' own (Vite and Preact for the console) stay in. npm ci installs the lock's versions of what is
# left. npm's cache is a BuildKit cache mount, kept between builds and never in a layer.
# test/e2e/docker.e2e-spec.ts runs this file's steps outside Docker.
RUN --mount=type=cache,target=/root/.npm node -e "const p = require('./package.json'); const keep = ['typescript', '@types/node', '@types/pg', '@types/pg-copy-streams', '@types/ws', 'pino-pretty']; p.devDependencies = Object.fromEntries(keep.map((name) => [name, p.devDependencies[name]])); fs.writeFileSync('package.json', JSON.stringify(p, null, 2))" \
  && npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build:service
# The web console the API serves at /console, built on the client it uses.
COPY client ./client
COPY console ./console
RUN npm run build -w client && npm run build -w console

FROM node:${NODE_VERSION}-slim
ENV NODE_ENV=production
WORKDIR /app
# A production install of its own, from the lock file: the devDependencies (the embedded PostgreSQL
# binaries, the benchmark's Emmett, pino-pretty, the test and lint tools) stay out. TypeScript comes
# along all the same: @nestjs/swagger names it as an optional peer, which npm keeps once the lock has it.
COPY package.json package-lock.json ./
COPY client/package.json ./client/
COPY console/package.json ./console/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
USER node
EXPOSE 3000
CMD ["node", "--max-semi-space-size=8", "dist/main.js"]
