import type { BrowserContext } from 'playwright-core';
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function whyNoBrowser(): string | null;
export declare function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }>;
export declare function launch(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; close: () => Promise<void> }>;
