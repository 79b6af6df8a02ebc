import { EMBEDDED_APP_KEYS } from '@portal/contract';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { onLocalChange } from '../../services/cache/local-changes';
import { GATE_CHANNEL } from '../../services/rights/gate-changes';
import type { ServerModule } from '../module';
import { designerRoutes, toolApiRoutes } from './api-routes';
import { fastToolProxy } from './fast-proxy';
import { createEmbeddedServices, type EmbeddedServices } from './services';
import { toolScope } from './tool-scope';
import { toolOriginRewrite, toolOrigins } from './tool-origin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded tools (Stable Diffusion WebUI, ComfyUI). */
    embedded: EmbeddedServices;
  }
}

/**
 * Stable Diffusion WebUI and ComfyUI inside the portal: a one-time code becomes a cookie for the
 * tool's path, a proxy under `/embedded/<app>/` forwards HTTP and WebSocket to the configured
 * address only, and ComfyUI's global history, queue, files and progress are cut per user.
 */
const embedded: ServerModule = {
  name: 'embedded',
  frameSources: (config) => toolOrigins(config.embedded).map((t) => t.origin),
  hostRewrite: (config, publicUrl) => toolOriginRewrite(config.embedded, publicUrl),
  plugin: fp(
    async (app) => {
      const { db } = app;
      const { gate, codes, audit, serverSecret } = app.services;
      const services = createEmbeddedServices(
        { db, gate, codes, audit, serverSecret, publicUrl: app.publicUrl },
        app.portalConfig.embedded,
      );
      app.decorate('embedded', services);
      const stopHearing = onLocalChange(GATE_CHANNEL, () => services.watch.nudge());
      app.addHook('onClose', async () => {
        stopHearing();
        services.watch.stop();
      });
      await app.register(designerRoutes, { prefix: '/api/designer', services });
      for (const appKey of EMBEDDED_APP_KEYS) {
        await app.register(toolApiRoutes(appKey), { prefix: `/api/${appKey}`, services });
      }
      const connected = Object.values(services.tools);
      if (connected.length > 0) {
        // One scope for the proxied tools: the WebSocket plugin listens for upgrades once, and
        // its route wrapping stays out of every other route of the portal.
        await app.register(async (scope) => {
          await scope.register(websocket);
          for (const tool of connected) await scope.register(toolScope, { tool, services });
        });
        const fast = fastToolProxy({
          tools: connected,
          services,
          rewrite: toolOriginRewrite(app.portalConfig.embedded, app.publicUrl),
          securityHeaders: app.securityHeaders,
          log: app.log,
        });
        app.earlyRequests.add(fast.handler);
        app.addHook('onClose', async () => fast.close());
      }
    },
    { name: 'embedded-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default embedded;
