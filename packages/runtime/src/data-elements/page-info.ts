import type { DataElementModule } from '../core/types';

const pageInfo: DataElementModule = (settings) => {
  switch (settings.attribute) {
    case 'url':
      return location.href;
    case 'path':
      return location.pathname;
    case 'host':
      return location.host;
    case 'hostname':
      return location.hostname;
    case 'port':
      return location.port;
    case 'query':
      return location.search.slice(1);
    case 'hash':
      return location.hash.slice(1);
    case 'protocol':
      return location.protocol;
    case 'referrer':
      return document.referrer;
    case 'title':
      return document.title;
  }
  return undefined;
};
export default pageInfo;
