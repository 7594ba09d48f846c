// SQL dialects (quoting, literals, time functions): built by the projects issue. Pure.
export {};
