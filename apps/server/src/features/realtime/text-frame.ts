/**
 * One unmasked, final websocket text frame (RFC 6455 §5.2) holding `text`, as a server sends
 * it: an event is framed once and the same bytes are written to every subscriber's socket,
 * where `ws.send` would encode and frame it again for each (decision 0149).
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text)
  const headerLength = length < 126 ? 2 : length < 0x1_0000 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + length)
  frame[0] = 0x81 // FIN, opcode 1 (text)
  if (headerLength === 2) {
    frame[1] = length
  } else if (headerLength === 4) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  frame.write(text, headerLength, 'utf8')
  return frame
}
