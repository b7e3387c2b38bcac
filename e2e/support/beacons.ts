/**
 * Reading stored hits from a test, as a script does (CONTRACT §2): `GET /api/beacons` with
 * `Authorization: Bearer <TAGWELL_API_TOKEN>`. Servers the tests start are given E2E_API_TOKEN.
 */
export const E2E_API_TOKEN = 'e2e-api-token-for-reading-hits';

/** The latest `limit` beacons, newest first. */
export async function latestBeacons<T>(base: string, limit: number, token = E2E_API_TOKEN): Promise<T[]> {
  const response = await fetch(`${base}/api/beacons?limit=${limit}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/api/beacons answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { beacons: T[] }).beacons;
}
