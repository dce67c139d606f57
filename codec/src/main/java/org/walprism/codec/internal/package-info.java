/**
 * Internal to walprism, not API: classes its own modules share across packages (payload cursors over Netty
 * buffers, the record view's buffer access). They may change in any release; the javadoc leaves them out.
 */
package org.walprism.codec.internal;
