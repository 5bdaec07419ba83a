/** A delivery truck drawn in SVG: no download, crisp at any size. */
export function CamionEnvio() {
  return (
    <svg viewBox="0 0 320 200" width="320" height="200" role="img" aria-label="Camión de envíos de la librería" style={{ maxWidth: '100%', height: 'auto' }}>
      <ellipse cx="160" cy="178" rx="140" ry="10" fill="#dee2e6" />
      <g stroke="#ced4da" strokeWidth="4" strokeLinecap="round">
        <line x1="8" y1="70" x2="40" y2="70" />
        <line x1="0" y1="95" x2="32" y2="95" />
        <line x1="12" y1="120" x2="44" y2="120" />
      </g>
      <rect x="48" y="40" width="160" height="112" rx="10" fill="#2f6fde" />
      <rect x="48" y="40" width="160" height="20" rx="10" fill="#1f5bc4" />
      <text x="128" y="100" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="20" fill="#fff">
        Librería
      </text>
      <text x="128" y="124" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="600" fontSize="12" fill="#cfdefc">
        Envíos a todo el país
      </text>
      <path d="M208 72 h52 l34 38 v42 h-86 z" fill="#fd7e14" />
      <path d="M220 84 h36 l24 28 h-60 z" fill="#e7f5ff" />
      <rect x="284" y="128" width="14" height="10" rx="3" fill="#ffd43b" />
      <rect x="44" y="148" width="256" height="10" rx="5" fill="#495057" />
      <g>
        <circle cx="100" cy="160" r="20" fill="#343a40" />
        <circle cx="100" cy="160" r="8" fill="#adb5bd" />
        <circle cx="248" cy="160" r="20" fill="#343a40" />
        <circle cx="248" cy="160" r="8" fill="#adb5bd" />
      </g>
    </svg>
  );
}
