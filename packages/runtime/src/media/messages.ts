// SPEC §8, word for word.

/** A media call in a container whose property configures no streaming media. */
export const NOT_CONFIGURED = 'Streaming media is not configured.';
/** A media event of the page's that does not match its schema; logged with the reason. */
export const SCHEMA_MISMATCH = 'The event does not match the expected schema.';
