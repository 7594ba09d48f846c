/** Fields every warehouse connection may carry (reference names). */
export interface CommonConnectionFields {
  /** Per-user credentials; callers reject it until supported (architecture clarification 13). Null: not asked (as false). */
  requireUserCredentials?: boolean | null;
  /** 0 = Monday … 6 = Sunday; read by the dialect, not by the adapter. */
  startOfWeek?: number | null;
}

/** SSH tunnel fields shared by PostgreSQL and Redshift. */
export interface SshTunnelFields {
  useSshTunnel?: boolean;
  sshTunnelHost?: string;
  sshTunnelPort?: number;
  sshTunnelUser?: string;
  /** Public half of the tunnel key pair: safe to show (users install it on the bastion). */
  sshTunnelPublicKey?: string;
  sshTunnelPrivateKey?: string;
}
