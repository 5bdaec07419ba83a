ALTER TABLE "venta" ADD COLUMN "carrito" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before the column existed: only the cart takes a new sale's units with PEDIDO movements
-- (a late Mercado Pago approval retakes them with PEDIDO too, but only on a cart order).
UPDATE "venta" SET "carrito" = true
WHERE "forma_pago" IN ('EFECTIVO', 'MERCADOPAGO')
  AND EXISTS (SELECT 1 FROM "movimiento_stock" m WHERE m."venta_id" = "venta"."id" AND m."motivo" = 'PEDIDO');
