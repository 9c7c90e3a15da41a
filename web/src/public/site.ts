import { SITE_NAME } from '../../../domain/runtime-config';
import { getRuntimeConfig } from '../platform/config';

/** The product name from /config.json; the built-in name when it is not loaded (error pages, tests). */
export function siteName(): string {
  try {
    return getRuntimeConfig().siteName;
  } catch {
    return SITE_NAME;
  }
}
