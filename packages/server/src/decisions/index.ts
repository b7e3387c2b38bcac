export { allocation, experienceAt, murmur3Chars, splitRanges } from './allocation';
export { buildArtifact, type Artifact, type ArtifactRule } from './artifact';
export { decide, visitorIdOf } from './decide';
export { deliveryQuerySchema, deliveryRequestSchema, problems, type DeliveryRequest } from './delivery-request';
export { deobfuscate, obfuscate } from './obfuscate';
export { PublishedDecisions, PUBLICATION_TTL_MS, type Published } from './published';
export { forcedExperience, type ForcedExperience } from './preview';
export { eventToken, readEventToken } from './tokens';
