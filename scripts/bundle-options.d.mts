export declare const external: string[];
export declare const alias: Record<string, string>;
