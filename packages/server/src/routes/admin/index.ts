/**
 * The admin API under /api/admin (docs/ADMIN-API.md), in its own Fastify scope: its security
 * headers, session hooks and throttling apply to it alone, not to the demo site or the collector.
 */
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { authHooks } from '../../admin/auth';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import type { Previews } from '../../preview';
import type { Storage } from '../../storage';
import { activityRoutes } from './activities';
import { activityPreviewRoutes } from './activity-preview';
import { auditRoutes } from './audit';
import { demoPageRoutes } from './demo-pages';
import { previewRoutes } from './previews';
import { propertyRoutes } from './properties';
import { reportRoutes } from './reports';
import { sessionRoutes } from './session';
import { userRoutes } from './users';

export interface AdminOptions {
  storage: Storage;
  properties: PropertyService;
  /** Draft previews on the live host and experience previews (preview/). */
  previews: Previews;
  /** Resolves once the published versions are built (after listen: the containers need the port). */
  ready: Promise<unknown>;
  port: () => number;
  loginAttemptsPerMinute: number;
  /** Days raw hits are kept (RETENTION_DAYS), shown with the reports; 0 or unset: kept. */
  retentionDays?: number;
}

/** Helmet for JSON answers: nothing may frame, sniff or cache them. */
export const API_HELMET = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
};

export async function adminApi(app: FastifyInstance, options: AdminOptions): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(cookie);
      await scope.register(helmet, API_HELMET);
      await scope.register(rateLimit, {
        global: false,
        errorResponseBuilder: () => new ApiError('TOO_MANY_ATTEMPTS'),
      });
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      authHooks(scope, options.storage);
      sessionRoutes(scope, options.storage, { loginAttemptsPerMinute: options.loginAttemptsPerMinute });
      await scope.register(async (props) => {
        // Deployments are known once the start-up build is done.
        props.addHook('preHandler', async () => void (await options.ready));
        propertyRoutes(props, options.storage, options.properties);
        previewRoutes(props, options.storage, options.properties, options.previews);
      });
      auditRoutes(scope, options.storage);
      userRoutes(scope, options.storage);
      reportRoutes(scope, options.storage, options.properties, { retentionDays: options.retentionDays ?? 0 });
      activityRoutes(scope, options.storage, options.properties);
      activityPreviewRoutes(scope, options.storage, options.properties, options.previews.experiences, options.port);
      demoPageRoutes(scope, options.port);
    },
    { prefix: '/api/admin' },
  );
}
