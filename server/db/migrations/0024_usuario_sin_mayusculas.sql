-- A user name is one whatever its capitals: 'ADMIN' could sign up beside 'admin' and pass for the owner in
-- grids, sales, the audit trail and e-mails. The exact unique constraint becomes a unique index on lower().
-- A database may already hold names that differ only in capitals. Failing here would stop the shop's
-- start, and leaving them (without the index) would keep the impersonation and make sign-in by name
-- ambiguous; so the older account (lowest id: the one the name first belonged to) keeps its name, and each
-- later one is renamed '<name>-<id>' (cut to the 50 characters a name may have; '-<id>-<n>' in the unlikely
-- case that is taken too). The rename is deterministic, announced with a NOTICE and kept in the audit trail
-- ('usuario.editar' by 'Sistema', old and new name); the renamed customer signs in with the new name or
-- resets their password by e-mail, and an admin can rename them again.
DO $$
DECLARE
  fila record;
  nuevo text;
  n integer;
BEGIN
  FOR fila IN
    SELECT u.id, u.usuario FROM usuario u
    WHERE EXISTS (SELECT 1 FROM usuario v WHERE lower(v.usuario) = lower(u.usuario) AND v.id < u.id)
    ORDER BY u.id
  LOOP
    nuevo := left(fila.usuario, 50 - length('-' || fila.id)) || '-' || fila.id;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM usuario WHERE lower(usuario) = lower(nuevo) AND id <> fila.id) LOOP
      n := n + 1;
      nuevo := left(fila.usuario, 50 - length('-' || fila.id || '-' || n)) || '-' || fila.id || '-' || n;
    END LOOP;
    UPDATE usuario SET usuario = nuevo WHERE id = fila.id;
    INSERT INTO auditoria (usuario, accion, entidad, entidad_id, antes, despues, detalle)
    VALUES ('Sistema', 'usuario.editar', 'usuario', fila.id, jsonb_build_object('usuario', fila.usuario), jsonb_build_object('usuario', nuevo),
      jsonb_build_object('motivo', 'nombre repetido sin distinguir mayúsculas (migración 0024)'));
    RAISE NOTICE 'usuario % renombrado de % a %: el nombre ya era de otra cuenta sin distinguir mayúsculas', fila.id, fila.usuario, nuevo;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_usuario_minusculas_key" ON "usuario" USING btree (lower("usuario"));--> statement-breakpoint
ALTER TABLE "usuario" DROP CONSTRAINT "usuario_usuario_unique";
