// Bytes on the wire: the production health-site container against Adobe's engine and against
// the floor, the property document itself, each minified, then gzip (level 9) and brotli (11).
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compileContainer, loadProperty } from '@tagwell/compiler';
import { buildAdobeLibrary, ENGINE_FILE } from './adobe/container';
import { HEALTH_PROPERTY } from './containers';
import { equivalentProperty } from './equivalent';
import { PERSONALISATION_PEERS, peerSource } from './peers';

export interface Sized {
  id: string;
  label: string;
  min: number;
  gzip: number;
  brotli: number;
}

export interface BytesResult {
  ours: Sized;
  engine: Sized;
  floor: Sized;
  /** Adobe's engine followed by the same property document: what the target compares with. */
  engineWithDocument: Sized;
  oursEquivalent: Sized;
  adobeEquivalent: Sized;
  /**
   * Issue 15: what the page's personalisation costs the production container (the container with
   * its personalisation rule less the same container without it), against the peers' browser files.
   * Issue 16 item 2: of it, the in-app messages (the container less the same without its message
   * activities, which leaves TW_IN_APP_MESSAGES off); absent from results recorded before them.
   */
  personalisation: { module: Sized; without: Sized; peers: Sized[]; inAppMessages?: Sized };
  /** Issue 16 "Measured": streaming media and post-track callbacks in the production container, each with it less without it. */
  media: Sized;
  postTrack: Sized;
}

export const gzip = (text: string) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;
export const brotli = (text: string) => {
  const data = Buffer.from(text, 'utf8');
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;
};
const sized = (id: string, label: string, text: string): Sized => ({ id, label, min: Buffer.byteLength(text, 'utf8'), gzip: gzip(text), brotli: brotli(text) });

/** What a part of a container costs: the bytes of the container with it (`withIt`) less those of the same property without it. */
export const partCost = (id: string, label: string, withIt: string, without: string): Sized => {
  const a = sized(id, label, withIt);
  const b = sized(id, label, without);
  return { id, label, min: a.min - b.min, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli };
};

export async function measureBytes(): Promise<BytesResult> {
  const { property, dir } = loadProperty(HEALTH_PROPERTY);
  // The document's own tracking server: these are the bytes production ships.
  const ours = await compileContainer(property, 'production', { propertyDir: dir });
  const engine = readFileSync(ENGINE_FILE, 'utf8');
  const document = JSON.stringify(JSON.parse(readFileSync(HEALTH_PROPERTY, 'utf8')));
  const equivalent = await compileContainer(equivalentProperty(), 'production');
  const adobe = await buildAdobeLibrary('metrics.health.localhost');
  // The same property with no personalisation: no `personalise` action, no activities.
  const plain = { ...property, personalisation: undefined, rules: property.rules.filter((rule) => !rule.actions.some((a) => a.type === 'personalise')) };
  const plainJs = (await compileContainer(plain, 'production', { propertyDir: dir })).js;
  const without = sized('without-personalisation', 'Tagwell: the same container without personalisation', plainJs);
  /** The production container less the same property changed by `change` (the part taken out). */
  const less = async (id: string, label: string, change: (p: typeof property) => typeof property) =>
    partCost(id, label, ours.js, (await compileContainer(change(property), 'production', { propertyDir: dir })).js);
  // Issue 16: the same property without streaming media, and without post-track callbacks.
  const withoutSetting = (settings: Partial<typeof property.settings>) => (p: typeof property) => ({ ...p, settings: { ...p.settings, ...settings } });
  return {
    ours: sized('ours', 'Tagwell: health-site production container', ours.js),
    engine: sized('engine', "Adobe's engine alone (reactor-turbine engine.min.js)", engine),
    floor: sized('floor', 'Floor: the property document, minified JSON', document),
    engineWithDocument: sized('engine+document', "Adobe's engine + the same property document", `${engine}\n${document}`),
    oursEquivalent: sized('ours-equivalent', 'Tagwell: the 2 bench rules', equivalent.js),
    adobeEquivalent: sized('adobe-equivalent', "Adobe's engine + the 2 bench rules and their modules", adobe.js),
    personalisation: {
      module: partCost('personalisation', "Tagwell: the page's personalisation in the production container (with it less without it)", ours.js, plainJs),
      without,
      inAppMessages: await less('in-app-messages', 'Tagwell: of which in-app messages, issue 16 (with them less without)', (p) => ({
        ...p,
        personalisation: { ...p.personalisation!, activities: p.personalisation!.activities.filter((a) => !a.experiences.some((e) => e.offers.some((o) => o.type === 'inAppMessage'))) },
      })),
      peers: PERSONALISATION_PEERS.map((peer) => sized(peer.name, peer.label, peerSource(peer))),
    },
    media: await less('media', 'Tagwell: streaming media in the production container (with it less without it)', withoutSetting({ streamingMedia: undefined })),
    postTrack: await less('post-track', 'Tagwell: post-track callbacks in the production container (with them less without them)', withoutSetting({ postTrackCallbacks: undefined })),
  };
}
