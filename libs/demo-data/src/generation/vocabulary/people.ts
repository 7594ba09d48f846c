import type { Weighted } from '../sql-literals';

/** Given names drawn uniformly; an international mix because the shop ships to many countries. */
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sophia', 'Lucas', 'Isabella', 'Elijah',
  'Mia', 'Ethan', 'Amelia', 'James', 'Harper', 'Benjamin', 'Charlotte', 'Hugo', 'Chloé', 'Léa',
  'Lukas', 'Hannah', 'Finn', 'Sofia', 'Leon', 'Mila', 'Aarav', 'Priya', 'Yuki', 'Haruto',
  'Sakura', 'Ren', 'Camila', 'Santiago', 'Valentina', 'Diego', 'Lucía', 'Alejandro', 'Freya', 'Oscar',
  'Astrid', 'Erik', 'Maja', 'Nora', 'Ingrid', 'Aisha', 'Omar', 'Fatima', 'Zoe', 'Jack',
  'Grace', 'Ruby', 'Leo', 'Ivy', 'Felix', 'Clara', 'Theo', 'Elena', 'Marco', 'Giulia',
  'Mei', 'Wei', 'Ananya', 'Rohan', 'Inês', 'Tiago', 'Beatriz', 'Seán', 'Niamh', 'Aoife',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson',
  'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Lee', 'Walker', 'Hall', 'Young', 'King',
  'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Müller', 'Schmidt', 'Schneider', 'Fischer',
  'Weber', 'Dubois', 'Lefebvre', 'Moreau', 'Laurent', 'Rossi', 'Russo', 'Bianchi', 'Romano', 'Fernández',
  'González', 'Rodríguez', 'Sánchez', 'Silva', 'Santos', 'Oliveira', 'Andersson', 'Johansson', 'Larsson', 'de Vries',
  'van Dijk', 'Jansen', 'Tanaka', 'Suzuki', 'Sato', 'Watanabe', "O'Brien", 'Murphy', 'Kelly', 'Nguyen',
  'Patel', 'Singh', 'Kim', 'Park', 'Chen', 'Wang',
] as const;

export const EMAIL_DOMAINS: readonly Weighted<string>[] = [
  ['gmail.com', 40], ['outlook.com', 14], ['icloud.com', 13], ['yahoo.com', 10], ['hotmail.com', 8],
  ['proton.me', 5], ['gmx.net', 4], ['fastmail.com', 3], ['mail.com', 3],
];

export const CUSTOMER_SEGMENTS: readonly Weighted<string>[] = [
  ['consumer', 82], ['business', 12], ['vip', 6],
];

/** How a customer first found the shop; also used as the traffic source of web sessions. */
export const ACQUISITION_CHANNELS: readonly Weighted<string>[] = [
  ['organic_search', 30], ['paid_search', 20], ['social', 18], ['direct', 14], ['referral', 8], ['email', 6], ['affiliate', 4],
];
