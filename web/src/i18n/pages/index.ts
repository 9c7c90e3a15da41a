/**
 * Every page part of the entry's English at once — for the catalog tests and tools that need the
 * whole English catalog. The pages themselves load each part with their own code (pages/<name>.ts).
 */
import { LEGAL_ENGLISH } from './legal';
import { LANDING_ENGLISH } from './landing';
import { HELP_ENGLISH } from './help';
import { SIGNUP_ENGLISH } from './signup';
import { VIDEO_ENGLISH } from './video';
import { PLANNED_ENGLISH } from './planned';
import { CONSOLE_HELP_ENGLISH } from './console-help';
import type { Catalog } from '../catalog';

export const PAGE_ENGLISH: Catalog = { ...LEGAL_ENGLISH, ...LANDING_ENGLISH, ...HELP_ENGLISH, ...SIGNUP_ENGLISH, ...VIDEO_ENGLISH, ...PLANNED_ENGLISH, ...CONSOLE_HELP_ENGLISH };
