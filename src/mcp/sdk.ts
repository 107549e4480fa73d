/**
 * The parts of the MCP SDK `vis mcp` uses: the server, its stdio transport and the zod its
 * schemas are written with. Bundled apart (dist/lib/mcp.cjs, with zod and ajv) and
 * imported with import(), so no other command loads them.
 */
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { z } from 'zod';
