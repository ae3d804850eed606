// Types of scripts/registries.mjs, for the tests that run it.
export interface Registry {
  folder: string;
  what: string;
}
export const REGISTRIES: readonly Registry[];
export function camelOf(slug: string): string;
export function registryText(registry: Registry, folder: string): string;
export function writeRegistries(base?: string): void;
export function writeRegistriesOrExit(): void;
