// The hit every collector bench sends: the health site's page view of a condition page, as its
// container encodes it (SDR variables, no visitor id), so that runs of different benches compare.
export const COLLECTOR_QUERY =
  'AQB=1&ndh=1&t=22%2F10%2F2026%209%3A0%3A0%200%200&ce=UTF-8&pageName=conditions%3Achickenpox&g=http%3A%2F%2Fwww.health.localhost%2Fconditions%2Fchickenpox&cc=GBP&ch=conditions&c1=chickenpox&c5=web&v88=Y&events=event1&s=1280x720&c=24&k=Y&bw=1280&bh=720&AQE=1';
