/** The baseline of the bundle bench: a Lambda that imports nothing. What Node's module loader costs alone. */
export const handler = async () => ({ statusCode: 200, body: '' });
