// Lays a link-preview card (the page's own game art, name and pitch) over the page.
([title, pitch]) => {
  const art = document.querySelector('.game-head .art svg') || document.querySelector('.art svg');
  const card = document.createElement('div');
  card.style.cssText = 'position:fixed;inset:0;background:#f7f4ee;display:grid;grid-template-columns:620px 1fr;align-items:center;gap:40px;padding:40px 60px;font-family:DejaVu Sans,sans-serif;z-index:99';
  const left = document.createElement('div');
  left.style.cssText = 'width:620px;height:349px;border-radius:24px;overflow:hidden;border:2px solid #e2dccf;background:#f3ecdc';
  if (art) { const copy = art.cloneNode(true); copy.setAttribute('width', '620'); copy.setAttribute('height', '349'); left.append(copy); }
  const right = document.createElement('div');
  right.innerHTML = `<div style="font-size:26px;letter-spacing:.2em;color:#1d5f8a;font-weight:700">AGORA</div>
    <div style="font-size:64px;font-weight:700;color:#163f5c;margin:12px 0">${title}</div>
    <div style="font-size:28px;color:#3d4753;line-height:1.35">${pitch}</div>`;
  card.append(left, right);
  document.body.append(card);
}
