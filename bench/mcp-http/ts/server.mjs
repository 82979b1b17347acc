#!/usr/bin/env node
// The MCP HTTP benchmark's TypeScript candidate: the `add` tool of
// bench/mcp (and ../shared/bench/mcp/server_node.mjs) on the official
// TypeScript SDK's McpServer, served over Streamable HTTP at /mcp by the
// SDK's StreamableHTTPServerTransport on a plain node:http server (no
// Express: less in the way than the SDK's Express helper).
//
//   node server.mjs PORT [--stateless]
//
// Sessions, as the SDK's examples keep them: a transport and a server per
// session, found by Mcp-Session-Id. Stateless: a fresh server and transport
// per request, as the SDK documents. DNS-rebinding protection on, for the
// loopback Host and Origin values of the port, as the Rust servers have it.
//
// scripts/install-mcp-http-bench.sh copies this file next to the pinned
// node_modules (bare imports resolve from the file's own folder upwards).
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const port = Number(process.argv[2]);
const stateless = process.argv[3] === '--stateless';
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: node server.mjs PORT [--stateless]');
  process.exit(2);
}
const names = ['127.0.0.1', 'localhost', '[::1]'];
const protection = {
  enableDnsRebindingProtection: true,
  allowedHosts: names.map((n) => `${n}:${port}`),
  allowedOrigins: names.map((n) => `http://${n}:${port}`),
};

function newServer() {
  const server = new McpServer({ name: 'bench-node-http', version: '0.0.0' });
  server.registerTool(
    'add',
    {
      description: 'Add two integers.',
      inputSchema: { a: z.number().int(), b: z.number().int() },
      outputSchema: { result: z.number().int() },
    },
    async ({ a, b }) => {
      const result = a + b;
      return { content: [{ type: 'text', text: String(result) }], structuredContent: { result } };
    },
  );
  return server;
}

function refuse(res, status, message) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const sessions = new Map();

async function handle(req, res) {
  if (new URL(req.url, 'http://localhost').pathname !== '/mcp') return refuse(res, 404, 'Not Found');
  let body;
  if (req.method === 'POST') {
    try {
      body = await readJson(req);
    } catch {
      return refuse(res, 400, 'Parse error: the body is not JSON');
    }
  }
  if (stateless) {
    const server = newServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, ...protection });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    return transport.handleRequest(req, res, body);
  }
  const id = req.headers['mcp-session-id'];
  let transport = id === undefined ? undefined : sessions.get(id);
  if (transport === undefined) {
    if (id !== undefined) return refuse(res, 404, 'Not Found: no such session');
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return refuse(res, 400, 'Bad Request: no session id');
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => sessions.set(sid, transport),
      ...protection,
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await newServer().connect(transport);
  }
  return transport.handleRequest(req, res, body);
}

createServer((req, res) => {
  handle(req, res).catch((e) => {
    if (!res.headersSent) refuse(res, 500, `Internal error: ${e}`);
    else res.end();
  });
}).listen(port, '127.0.0.1', () => console.error(`serving MCP on http://127.0.0.1:${port}/mcp`));
