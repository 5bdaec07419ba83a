// Drawn illustrations for the featured cards: light, sharp at any size, nothing downloaded.

export function Bibliorato() {
  return (
    <svg viewBox="0 0 240 160" role="img" aria-label="Bibliorato">
      <rect width="240" height="160" fill="#e7f0ff" />
      <rect x="70" y="18" width="100" height="128" rx="8" fill="#2f6fde" />
      <rect x="70" y="18" width="26" height="128" rx="6" fill="#154ca6" />
      <circle cx="83" cy="110" r="7" fill="#e7f0ff" />
      <rect x="110" y="40" width="46" height="26" rx="3" fill="#ffffff" />
      <line x1="116" y1="50" x2="150" y2="50" stroke="#9ebbf4" strokeWidth="3" />
      <line x1="116" y1="58" x2="142" y2="58" stroke="#9ebbf4" strokeWidth="3" />
    </svg>
  );
}

export function Resaltadores() {
  const colores = ['#ffe066', '#8ce99a', '#faa2c1', '#ffc078'];
  return (
    <svg viewBox="0 0 240 160" role="img" aria-label="Resaltadores">
      <rect width="240" height="160" fill="#fff9db" />
      {colores.map((color, i) => (
        <g key={color} transform={`translate(${48 + i * 40} 24) rotate(${-8 + i * 5})`}>
          <rect width="26" height="92" rx="6" fill={color} />
          <rect y="86" width="26" height="20" rx="4" fill="#495057" />
          <polygon points="6,106 20,106 16,120 10,120" fill={color} />
        </g>
      ))}
    </svg>
  );
}

export function JuguetesDidacticos() {
  return (
    <svg viewBox="0 0 240 160" role="img" aria-label="Juguetes didácticos">
      <rect width="240" height="160" fill="#ebfbee" />
      <rect x="40" y="86" width="50" height="50" rx="6" fill="#ffd43b" />
      <rect x="96" y="86" width="50" height="50" rx="6" fill="#74c0fc" />
      <rect x="68" y="32" width="50" height="50" rx="6" fill="#ff8787" />
      <polygon points="160,136 210,136 185,90" fill="#69db7c" />
      <circle cx="185" cy="62" r="20" fill="#b197fc" />
      <text x="93" y="68" fontSize="28" fontWeight="bold" fill="#ffffff" textAnchor="middle" fontFamily="sans-serif">A</text>
      <text x="65" y="121" fontSize="26" fontWeight="bold" fill="#ffffff" textAnchor="middle" fontFamily="sans-serif">1</text>
      <text x="121" y="121" fontSize="26" fontWeight="bold" fill="#ffffff" textAnchor="middle" fontFamily="sans-serif">2</text>
    </svg>
  );
}

/** Word marks of the brands the shop carries (drawn as text, not the makers' artwork). */
export function LogoMarca({ nombre, color, fuente }: { nombre: string; color: string; fuente: string }) {
  return (
    <svg viewBox="0 0 200 70" role="img" aria-label={nombre}>
      <rect width="200" height="70" rx="10" fill="#ffffff" />
      <text x="100" y="44" fontSize="24" fontWeight="800" fill={color} textAnchor="middle" fontFamily={fuente} letterSpacing="0.5">
        {nombre}
      </text>
    </svg>
  );
}
