// Types for scripts/pinned-nodes.mjs (imported by the MCP Inspector's test).
export const NODES: string[];
export const pinnedNodesSupported: boolean;
export function cachedNodeBinary(version: string): string | undefined;
export function nodeBinary(version: string): string;
