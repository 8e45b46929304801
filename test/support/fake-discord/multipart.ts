/**
 * Request bodies as @discordjs/rest sends them: JSON, or multipart with `files[n]` parts and a
 * `payload_json` part (stack.md §1). Parsed with Node's built-in undici `Request.formData()`.
 */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface ParsedBody {
  json: Record<string, unknown> | null;
  files: UploadedFile[];
}

export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: null, files: [] };
  if (contentType?.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Blob([new Uint8Array(raw)]),
    }).formData();
    const files: UploadedFile[] = [];
    let json: Record<string, unknown> | null = null;
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') json = JSON.parse(value) as Record<string, unknown>;
        continue;
      }
      files.push({
        field,
        filename: value.name,
        contentType: value.type || 'application/octet-stream',
        data: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { json, files };
  }
  // OAuth2's token endpoint takes a form (application/x-www-form-urlencoded), like Discord's.
  if (contentType?.startsWith('application/x-www-form-urlencoded'))
    return { json: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  return { json: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files: [] };
}
