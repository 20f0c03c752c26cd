# One image for both processes: the API (default command) and the worker (`node dist/worker.js`).
# Node: the current LTS (26). The code also runs on Node 20.19 and later, which the tests run on; build
# on another line with --build-arg NODE_VERSION=24, say.
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
# The workspaces' manifests first, which the lock file names, so that dependencies are a cached layer.
COPY package.json package-lock.json ./
COPY client/package.json ./client/
COPY console/package.json ./console/
RUN npm ci
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
# A production install of its own, from the lock file: none of the devDependencies (the embedded
# PostgreSQL binaries, the benchmark's Emmett, pino-pretty, the compiler and test tools) reach this image.
COPY package.json package-lock.json ./
COPY client/package.json ./client/
COPY console/package.json ./console/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
USER node
EXPOSE 3000
CMD ["node", "dist/main.js"]
