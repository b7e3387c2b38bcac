// The containers the bench puts on the demo page, each on its own loopback server with its collector.
import { join } from 'node:path';
import { compileContainer, loadProperty, type CompiledContainer, type RuntimePackage } from '@tagwell/compiler';
import { createDemoHandler } from '@tagwell/demo-site';
import { identityOptions, identityRequestHandler } from '@tagwell/server';
import { buildAdobeLibrary } from './adobe/container';
import { equivalentProperty } from './equivalent';
import { startBenchServer, type BenchServer } from './server';

export const ROOT = join(import.meta.dirname, '..');
export const HEALTH_PROPERTY = join(ROOT, 'properties', 'health-site', 'property.json');
export const DEMO_HOST = 'www.health.localhost';
export const DEMO_PATH = '/conditions/chickenpox';
export const CONTAINER_PATH = '/containers/bench.js';
/** The health site's identity service (docs/IDENTITY.md), served by each bench server as `npm start` serves it. */
export const IDENTITY_HOST = 'id.health.localhost';
/** `id.health.localhost:<port>` for the bench server whose collector is `trackingServer`. */
export const identityServerFor = (trackingServer: string) => IDENTITY_HOST + trackingServer.slice(trackingServer.indexOf(':'));

type TodayId = 'tagwell-production' | 'tagwell-equivalent' | 'adobe-equivalent' | 'none';
/** `-before`: the same container built from the runtime of another commit (`--against`, bench/against.ts). */
export type VariantId = TodayId | 'tagwell-production-before' | 'tagwell-equivalent-before';

export interface Variant {
  id: VariantId;
  label: string;
  /** The script for a collector at `trackingServer`; null: the page without a container. */
  build: ((trackingServer: string) => Promise<string>) | null;
}

const healthSiteRules = loadProperty(HEALTH_PROPERTY).property.rules.length;

/** The health-site production container for a collector at `trackingServer`, built from `runtime` (default the installed one), with its map. */
export async function compileProduction(trackingServer: string, runtime?: RuntimePackage): Promise<CompiledContainer> {
  const { property, dir } = loadProperty(HEALTH_PROPERTY);
  return compileContainer(property, 'production', { propertyDir: dir, trackingServer, identityServer: identityServerFor(trackingServer), runtime });
}

/** The 2 rules of the Adobe container as a Tagwell container, built from `runtime` (default the installed one), with its map. */
export const compileEquivalent = (trackingServer: string, runtime?: RuntimePackage): Promise<CompiledContainer> =>
  compileContainer(equivalentProperty(), 'production', { trackingServer, runtime });

const productionBuild = (runtime?: RuntimePackage) => async (trackingServer: string) => (await compileProduction(trackingServer, runtime)).js;
const equivalentBuild = (runtime?: RuntimePackage) => async (trackingServer: string) => (await compileEquivalent(trackingServer, runtime)).js;

export const VARIANTS: Record<TodayId, Variant> = {
  'tagwell-production': {
    id: 'tagwell-production',
    // Counted, so the label stays true as the property grows.
    label: `Tagwell, health-site production (${healthSiteRules} rules)`,
    build: productionBuild(),
  },
  'tagwell-equivalent': {
    id: 'tagwell-equivalent',
    label: 'Tagwell, the 2 rules of the Adobe container',
    build: equivalentBuild(),
  },
  'adobe-equivalent': {
    id: 'adobe-equivalent',
    label: "Adobe's engine (Turbine), 2 rules",
    build: async (trackingServer) => (await buildAdobeLibrary(trackingServer)).js,
  },
  none: { id: 'none', label: 'no container', build: null },
};

/** Both Tagwell containers built from another commit's runtime by today's compiler, labelled with `ref`. */
export function variantsBefore(runtime: RuntimePackage, ref: string): [production: Variant, equivalent: Variant] {
  return [
    { id: 'tagwell-production-before', label: `before (${ref}): health-site production`, build: productionBuild(runtime) },
    { id: 'tagwell-equivalent-before', label: `before (${ref}): the 2 rules`, build: equivalentBuild(runtime) },
  ];
}

export interface Site {
  variant: Variant;
  server: BenchServer;
  pageUrl: string;
  /** The container's URL as the page loads it (trace events name it), or null. */
  containerUrl: string | null;
  close(): Promise<void>;
}

/** The demo site with one variant's container in every page's head, a collector and the identity service. */
export async function startSite(variant: Variant): Promise<Site> {
  const demo = createDemoHandler({ containerUrl: () => (variant.build ? CONTAINER_PATH : null) });
  const identity = identityRequestHandler(
    identityOptions({ locationHint: 6, ttlSeconds: 604_800, optOutTtlSeconds: 7_200 }, [loadProperty(HEALTH_PROPERTY).property], () => undefined),
  );
  const server = await startBenchServer(async (req, res) => (await identity(req, res)) || demo(req, res));
  if (variant.build) server.scripts.set(CONTAINER_PATH, await variant.build(server.trackingServer()));
  return {
    variant,
    server,
    pageUrl: server.url(DEMO_HOST, DEMO_PATH),
    containerUrl: variant.build ? server.url(DEMO_HOST, CONTAINER_PATH) : null,
    close: () => server.close(),
  };
}
