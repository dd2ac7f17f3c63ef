export function ReceivablesView() { return null; }
