/**
 * Internal to walprism, not API: little-endian reads from Netty buffers without the per-call accessibility and
 * bounds checks of {@code ByteBuf.getUnsignedIntLE} and friends. It depends on nothing else in the codec, so every
 * codec package may use it without a package cycle. It may change in any release; the javadoc leaves it out.
 */
package org.walprism.codec.internal.bytes;
