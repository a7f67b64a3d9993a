import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel test runs keep separate builds; the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  future: {
    // Loaders get the request as it came (two fewer Request copies per loader on every page render) and read the
    // page's address from their `url` argument, never from request.url (which ends in .data for data requests).
    v8_passThroughRequests: true,
  },
} satisfies Config;
