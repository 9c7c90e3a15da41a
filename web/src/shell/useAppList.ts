import { useEffect, useState } from 'react';
import type { Viewer } from '../../../domain/route-access';
import { reportApiError } from './banner-state';
import { ALL_APPS, NO_APPS, needsAppList, type AppList } from './navigation';
import { fetchAppsUsed } from './shell-api';

/**
 * The practice's app list, loaded once when the portal mounts (spec part 2 §2.2), for the Apps
 * menu. Until it arrives, or if it cannot be read, no app entry shows (a failed read also shows
 * the system-error banner). Viewers who do not need the list get every app: the menu shows them
 * locked, or not at all.
 */
export function useAppList(viewer: Viewer | null, load: () => Promise<AppList> = fetchAppsUsed): AppList {
  const needed = viewer !== null && needsAppList(viewer);
  const [apps, setApps] = useState<AppList | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    load()
      .then((list) => live && setApps(list))
      .catch((error: unknown) => {
        if (!live) return;
        setApps(NO_APPS);
        reportApiError(error);
      });
    return () => {
      live = false;
    };
  }, [needed, load]);
  if (!needed) return ALL_APPS;
  return apps ?? NO_APPS;
}
