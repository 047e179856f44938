/** Where an AWS client connects: AWS itself (a region, or the SDK's default), or a local emulator (dynalite, s3rver). */
export interface ClientConnection {
  region?: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}
